# args: [[-503, -10, -9223372036854775808, 5]]
# expect: [0, 9, 70, 6]
# args: [[1, 2, 3, 4, 5, 6, 7, 8, 9]]
# expect: [0, 9, 70, 6]
def f(a: list[int]) -> list[int]:
    st = set(a + a).difference(a)
    st.add(70)
    st.add(0)
    st.add(9)
    st.add(6)
    return list(st)
