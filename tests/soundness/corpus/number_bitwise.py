a, b = 0b1100, 0b1010
ops = (a & b, a | b, a ^ b, ~a, a << 3, a >> 2, -1 >> 5, (1 << 70) >> 68, bin(a), hex(255), oct(8))
print(ops)
