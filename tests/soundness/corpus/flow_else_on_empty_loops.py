log = []
for _ in []:
    log.append("body")
else:
    log.append("for-else")
while False:
    log.append("never")
else:
    log.append("while-else")
print(log)
