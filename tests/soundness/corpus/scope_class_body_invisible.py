x = "module"


class Holder:
    x = "class"
    seen_in_body = x

    def method(self):
        return x

    def qualified(self):
        return self.x


h = Holder()
from_method = h.method()
from_attribute = h.qualified()
from_class = Holder.seen_in_body
print(from_method, from_attribute, from_class)
