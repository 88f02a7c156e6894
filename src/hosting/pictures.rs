//! Drawing a reply's board for any chat adapter.

use crate::table::Reply;

/// Draws a reply's board on a blocking thread, outside the table's lock: one game's picture
/// never holds up another game's command. `None` without a picture, or if drawing failed
/// (logged: the text still goes out).
pub async fn draw(reply: &Reply) -> Option<Vec<u8>> {
    let picture = reply.image.clone()?;
    match tokio::task::spawn_blocking(move || picture.png()).await {
        Ok(Ok(png)) => Some(png),
        Ok(Err(e)) => {
            tracing::warn!("the board could not be drawn: {e}");
            None
        }
        Err(e) => {
            tracing::warn!("drawing the board failed: {e}");
            None
        }
    }
}
