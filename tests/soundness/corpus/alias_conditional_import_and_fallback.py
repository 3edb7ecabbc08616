try:
    import json as codec
except ImportError:
    codec = None
text = codec.dumps({"a": [1, 2]}) if codec else ""
back = codec.loads(text)
print(text, back)
