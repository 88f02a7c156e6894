//! Who is acting, in table terms, from Discord's user/member data.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Member, Permissions, User};

use crate::i18n::Lang;
use crate::table::Caller;

/// The table's caller for `user` (with their server `member` data, when Discord sent it)
/// acting in `place`. Managers (Manage Channels or Administrator in that channel) may abandon
/// any game there; Manage Server (or Administrator) may start a new rating season. The
/// member's server is the community whose ratings the games count towards.
pub fn caller(place: ChannelId, user: &User, member: Option<&Member>) -> Caller {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    let is_manager = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(Permissions::MANAGE_CHANNELS) || p.administrator());
    let manages_community = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(Permissions::MANAGE_GUILD) || p.administrator());
    Caller {
        place: place.get(),
        user: user.id.get(),
        name,
        is_manager,
        lang: None,
        place_lang: None,
        // The server is the community (`in_server`); a member always belongs to one.
        community: member.map(|m| m.guild_id.get()),
        manages_community,
    }
}

/// `caller` speaking the language of their Discord client (`locale`), or else of the server
/// (`guild_locale`), when there is a catalog for it: what only they see comes in it. A game
/// opened here starts in the server's preferred language (else theirs).
pub fn with_locale(mut caller: Caller, locale: &str, guild_locale: Option<&str>) -> Caller {
    caller.place_lang = guild_locale.and_then(Lang::parse);
    caller.lang = Lang::parse(locale).or(caller.place_lang);
    caller
}
