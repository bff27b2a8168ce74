# args: [3]
# expect: 9
def f(n: int) -> int:
	r = 0
	for i in range(n):
		r += n
	return r
