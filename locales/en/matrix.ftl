# Matrix's own words around the table's texts (`src/matrix/`).
mx-react-or-type = { $emoji } or { $typed }
mx-answer-offer = react ✅ / ❌ on the offer, or { $typed }
mx-turn-timer = ⏱ turn timer: until { $at } UTC
