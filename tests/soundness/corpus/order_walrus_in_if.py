text = "hello world"
if (n := len(text)) > 5:
    verdict = f"long {n}"
else:
    verdict = "short"
matches = [m for w in text.split() if (m := w.upper())]
print(verdict, matches, n)
