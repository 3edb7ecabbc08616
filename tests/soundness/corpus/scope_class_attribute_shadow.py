class Config:
    size = 3
    doubled = size * 2
    try:
        names = [size for _ in range(2)]
    except NameError:
        names = "class names are invisible in comprehension bodies"


cfg = Config()
cfg.size = 10
print(Config.size, cfg.size, Config.doubled, Config.names)
