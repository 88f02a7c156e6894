# Matrix' eigene Worte rund um die Texte des Tisches (`src/matrix/`).
mx-react-or-type = { $emoji } oder { $typed }
mx-answer-offer = reagiere auf das Angebot mit ✅ / ❌ oder { $typed }
mx-turn-timer = ⏱ Zugtimer: bis { $at } UTC
