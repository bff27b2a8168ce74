# args: [95]
# expect: 'A'
# args: [85]
# expect: 'B'
# args: [10]
# expect: 'F'
def f(score: int) -> str:
    grade = 'F'
    if score >= 90:
        grade = 'A'
    elif score >= 80:
        grade = 'B'
    elif score >= 70:
        grade = 'C'
    return grade
