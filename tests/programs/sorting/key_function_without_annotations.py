# A function without annotations given as a sort key is typed by the
# items it is applied to.
# args: [[1, 11, -1, -11, -12]]
# expect: [-1, -11, 1, -12, 11]
# args: [[]]
# expect: []


def order_by_points(nums: list[int]) -> list[int]:
    def digits_sum(n):
        neg = 1
        if n < 0:
            n, neg = -1 * n, -1
        n = [int(i) for i in str(n)]
        n[0] = n[0] * neg
        return sum(n)

    return sorted(nums, key=digits_sum)
