CONFIG = {"hidden": 32, "classes": 10}
