//! `/catan help` on Discord: how to play here, by buttons first and slash commands as the
//! precise way. Discord's own words; the console has its own help in the table.

use poise::serenity_prelude::CreateEmbed;

/// The help embed (shown only to the player who asked).
pub fn help_embed() -> CreateEmbed {
    CreateEmbed::new()
        .title("Catan here: how to play")
        .description(
            "Everything can be done by clicking. The board is posted with each turn; numbers \
             mark intersections, two numbers a road (`12-13`), a letter and a number a hex \
             (`C3`).",
        )
        .field(
            "Start a game",
            "`/catan new` opens a lobby (options: players, board, vp, discard_limit, timer, \
             seed). Others press **Join**; the host presses **Start**. **Leave** and \
             **Abandon** are there too.",
            false,
        )
        .field(
            "Bots",
            "**Add bot** in the lobby (or `/catan new bots:3`, `/catan bot add level:easy`)              seats a computer player. The `afk` option of `/catan new` says what happens when              the turn timer runs out: a bot plays the seat (until its player acts again), an              automatic move, or nothing. `/catan bot away` lets a bot play your seat;              `/catan bot back` takes it back.",
            false,
        )
        .field(
            "Your turn",
            "The turn message pings you and shows what you can do: **Roll**, **Build** \
             (pick a road, settlement, city or a development card), **Trade**, **Play card**, \
             **End turn**. **My hand** shows your cards, only to you. After a 7: **Discard** \
             and **Move robber**.",
            false,
        )
        .field(
            "Trading",
            "**Trade** → the bank at your best rate, or a 1-for-1 offer to everyone. Other \
             players react ✅ to accept or ❌ to decline (remove the reaction to take it back); \
             the offerer picks a partner with the buttons on the offer. Any mix of cards: \
             `/catan trade offer give:2 wool want:1 ore`.",
            false,
        )
        .field(
            "Precise commands",
            "`/catan build road|settlement|city`, `/catan buy`, `/catan play knight|\
             road-building|invention|monopoly`, `/catan robber`, `/catan discard`, \
             `/catan bank`, `/catan trade offer|accept|decline|confirm|withdraw|list`, \
             `/catan end`, `/catan hand`, `/catan board`, `/catan status`, `/catan log`, \
             `/catan rules` (a topic, or any rules question), `/catan helper`, `/catan rematch`. Places are suggested as you type, only legal \
             ones; a player is named by mention, seat (`seat 2`) or name.",
            false,
        )
        .field(
            "Helpers of Catan",
            "`/catan new helpers:True` deals each player a helper card; the board shows it \
             beside their name with its side (A or B). `/catan helper` suggests what yours can \
             do now as you type, e.g. `use jean ore`; after a use, flip it to side B or \
             exchange it for one from the display.",
            false,
        )
        .field(
            "Fair dice",
            "The dice and cards come from a secret seed; the start message shows its \
             commitment. At the end the seed and the game's record are posted: anyone can check \
             every roll with `catan-bot verify`. `/catan export` gives the record so far.",
            false,
        )
}
