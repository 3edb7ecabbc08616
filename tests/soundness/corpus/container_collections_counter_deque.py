from collections import Counter, defaultdict, deque

counts = Counter("abracadabra")
top = counts.most_common(2)
groups = defaultdict(list)
for word in ["ant", "bee", "ape"]:
    groups[word[0]].append(word)
queue = deque([1, 2, 3], maxlen=3)
queue.append(4)
queue.appendleft(0)
print(top, dict(groups), list(queue))
