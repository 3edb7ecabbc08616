scores = {"b": 2, "a": 2, "c": 1}
ranking = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
best_name, best_score = ranking[0]
pairs = sorted(zip(scores.values(), scores.keys()))
print(ranking, best_name, best_score, pairs)
