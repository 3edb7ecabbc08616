class AppError(Exception):
    def __init__(self, code):
        super().__init__(f"code {code}")
        self.code = code


class NotFound(AppError):
    pass


try:
    raise NotFound(404)
except AppError as error:
    code = error.code
    text = str(error)
    kind = type(error).__name__
print(code, text, kind)
