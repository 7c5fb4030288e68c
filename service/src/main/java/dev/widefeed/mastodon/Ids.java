package dev.widefeed.mastodon;

/** Ids in Mastodon paths: strings of digits; anything else names no record (404, as Mastodon answers it). */
final class Ids {
    private Ids() {}

    static long of(String text) {
        if (text == null
                || text.isEmpty()
                || text.length() > 19
                || !text.chars().allMatch(Character::isDigit)) {
            throw new MastodonException(404, "Record not found");
        }
        try {
            long id = Long.parseLong(text);
            if (id <= 0) {
                throw new MastodonException(404, "Record not found");
            }
            return id;
        } catch (NumberFormatException e) {
            throw new MastodonException(404, "Record not found");
        }
    }
}
