people = [("bob", 25), ("alice", 30), ("carol", 25)]
by_age = sorted(people, key=lambda p: (p[1], p[0]))
by_name_desc = sorted(people, reverse=True)
ages = sorted({age for _, age in people})
people.sort(key=lambda p: p[0])
print(by_age, by_name_desc, ages, people[0])
