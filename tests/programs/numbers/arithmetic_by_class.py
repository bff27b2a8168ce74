# Two ints give an int (// and % floor; ** of a negative exponent a
# float), anything with a float a float.
# args: [7, 2]
# expect: [9, 5, 14, 3, 1, 49, 3.5]
# args: [7, -2.0]
# expect: [5.0, 9.0, -14.0, -4.0, -1.0, 0.02040816326530612, -3.5]
# args: [-7.5, 2]
# expect: [-5.5, -9.5, -15.0, -4.0, 0.5, 56.25, -3.75]
# args: [2, -1]
# expect: [1, 3, -2, -2, 0, 0.5, -2.0]
# args: [1, 0]
# raises: ZeroDivisionError
def f(a: int | float, b: int | float) -> list[int | float]:
    return [a + b, a - b, a * b, a // b, a % b, a ** b, a / b]
