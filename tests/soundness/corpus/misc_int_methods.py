n = 1023
values = (n.bit_length(), (255).to_bytes(2, "big"), int.from_bytes(b"\x01\x00", "little"), (-7).__abs__(), (10).__divmod__(3), (3).real, (5).conjugate(), n.bit_count(), True.bit_length())
print(values)
