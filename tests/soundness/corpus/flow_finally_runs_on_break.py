events = []
for i in range(3):
    try:
        if i == 1:
            break
        events.append(f"body{i}")
    finally:
        events.append(f"finally{i}")
print(events)
