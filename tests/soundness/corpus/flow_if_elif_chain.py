def grade(score):
    if score >= 90:
        return "A"
    elif score >= 80:
        return "B"
    elif score >= 70:
        return "C"
    else:
        return "F"


grades = [grade(s) for s in (95, 85, 75, 10, 90, 80)]
print(grades)
