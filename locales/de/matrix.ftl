# Matrix' eigene Worte rund um die Texte des Tisches (`src/matrix/`).
mx-react-or-type = { $emoji } oder { $typed }
mx-answer-offer = reagiere auf das Angebot mit ✅ / ❌ oder { $typed }
mx-turn-timer = ⏱ Zugtimer: bis { $at } UTC
# inbound.rs: eine verschlüsselte Nachricht, für die der Bot keinen Schlüssel hat ($name: Absender).
mx-cannot-decrypt = { $name }, ich konnte deine letzte Nachricht nicht entschlüsseln (mein Gerät hat ihren Schlüssel nicht bekommen). Falls es ein Befehl war, schick ihn bitte noch einmal.

## help.rs: `!catan hilfe` ($p ist das Befehlspräfix, `!catan`)
mhelp-text =
    {"**"}Catan in diesem Raum**
    Beginnen: `{ $p } neu` eröffnet einen Tisch, die anderen `{ $p } mitspielen`, der Gastgeber tippt `{ $p } starten` (`{ $p } neu spieler 5 spielplan variabel` für ein Spiel zu fünft oder sechst auf gemischtem Spielplan; `{ $p } setze zugtimer 10` am Tisch).
    Bots: `{ $p } botdazu` (oder `{ $p } botdazu leicht`) setzt am Tisch einen Computerspieler dazu, `{ $p } neu bots 3` eröffnet einen Tisch mit dreien; `{ $p } weg` lässt einen Bot deinen Platz spielen, bis du wieder etwas tust oder `{ $p } zurück` tippst.
    In jedem Zug zeigt der Bot den Spielplan und eine Zugnachricht. Reagiere auf die Zugnachricht: 🎲 würfeln · 🛒 Entwicklungskarte kaufen · ✅ Zug beenden · 🃏 deine Hand.
    Alles andere wird getippt: `{ $p } baue straße 12-13`, `{ $p } baue siedlung 23`, `{ $p } baue stadt 23`, `{ $p } spiele ritter`, `{ $p } räuber C3 alice`, `{ $p } abwerfen 2 wolle`, `{ $p } bank 4 erz für 1 wolle`. Mit `?` siehst du die erlaubten Orte: `{ $p } baue straße ?`, `{ $p } räuber ?`, oder `{ $p } züge` für alles, was du jetzt tun kannst.
    Helfer von Catan: `{ $p } neu helfer an` (oder `{ $p } setze helfer an` am Tisch); `{ $p } helfer ?` zeigt, was dein Helfer jetzt tun kann, z. B. `{ $p } helfer nutze jean erz`, danach `{ $p } helfer drehe` oder `{ $p } helfer tausche lin`.
    Handel: `{ $p } biete 1 wolle für 1 erz` zeigt ein Angebot; die anderen reagieren darauf mit ✅ oder ❌ (Reaktion entfernen nimmt sie zurück); wer angeboten hat, wählt mit `{ $p } bestätige <Angebot> <Spieler>`.
    Deine Hand, gezogene Karten und private Hinweise kommen in einem Direktraum, den der Bot mit dir öffnet (verschlüsselt, wenn deine App es kann, wie Element). Nie in diesem Raum.
    Mehr: `{ $p } regeln` für die Regeln (oder `{ $p } regeln <beliebige Frage>`), `{ $p } statistik` für die Zahlen bisher (Würfel, Karten, Räuber, Handel, mit Grafik), `{ $p } exportieren` für das öffentliche Protokoll des Spiels, `{ $p } abbrechen` beendet ein Spiel (Gastgeber oder Moderatoren des Raums). `{ $p } setze lang en` spielt auf Englisch.
    Wertungen dieses Raums: `{ $p } rangliste` (die besten zehn und dein Rang; `{ $p } rangliste saison 1` für eine frühere Saison), `{ $p } profil` oder `{ $p } profil <Name>` (Spiele, Siege, Wertung und ihr Verlauf, Rohstoffe); `{ $p } saison neu` beginnt die nächste Saison (Moderatoren des Raums). Ein Spiel unter Menschen zählt; mit Bots erst nach `{ $p } setze gewertet an`.
