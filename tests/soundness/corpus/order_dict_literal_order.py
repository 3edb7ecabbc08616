log = []


def t(x):
    log.append(x)
    return x


d = {t("k1"): t("v1"), t("k2"): t("v2")}
dup = {"a": 1, "a": 2}
merged = {**{"a": 1, "b": 2}, "a": 3}
print(log, d, dup, merged)
