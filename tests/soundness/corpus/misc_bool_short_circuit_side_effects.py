log = []


def t(value):
    log.append(value)
    return value


r1 = t(0) and t(1)
r2 = t(2) or t(3)
r3 = t(None) or t("") or t("last")
r4 = t(1) and t(2) and t(3)
print(r1, r2, r3, r4, log)
