"""pyproject.toml: the wheel holds every package, the kernel sources, the
prompt templates and the embedded model, and an installed copy finds its
templates and its model."""

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import setuptools

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_folder_is_listed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set(setuptools.find_packages(str(ROOT), include=["agentloop*", "gpubackend*"]))
    assert found | {"agentloop.prompts_data"} == listed


def test_the_wheel_carries_kernels_prompts_and_model_and_finds_them(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("agentloop-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"gpubackend/kernels/verifier.cu", "gpubackend/kernels/opcodes.def"} <= names
    assert {f"agentloop/prompts_data/{n}.md" for n in ("dsl_card", "task", "feedback")} <= names
    assert {f"agentloop/coder/model/{n}" for n in ("model.safetensors", "config.json", "tokenizer.json",
                                                   "README.md")} <= names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("from agentloop.prompts import DEFAULT_DIR, Templates; Templates.load(); print(DEFAULT_DIR)\n"
            "from agentloop.generators.default import model_dir; print(model_dir())")
    # the unpacked wheel first, then where this interpreter finds the dependencies
    path = os.pathsep.join([str(site)] + [p for p in sys.path if p and Path(p).resolve() != ROOT])
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         env={"PYTHONPATH": path, "PATH": os.environ.get("PATH", "/usr/bin:/bin")})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(site / "agentloop" / "prompts_data"), str(site / "agentloop" / "coder" / "model")]
