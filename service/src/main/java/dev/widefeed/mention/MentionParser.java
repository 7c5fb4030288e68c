package dev.widefeed.mention;

import dev.widefeed.graph.Handle;
import dev.widefeed.kernel.MarkedWords;
import java.util.List;

/**
 * Finds the {@code @handle}s in a text (docs/design.md, "Mentions and topics"): an {@code @} not right after a
 * letter, digit or {@code _} (so an e-mail address is no mention), then a whole handle, not followed by another
 * handle character. At most {@link #MAX_PER_TEXT} distinct handles, the first ones; later ones stay plain text.
 * Positions are in Unicode code points, the {@code @} included.
 */
public final class MentionParser {
    public static final int MAX_PER_TEXT = 10;

    private MentionParser() {}

    /** A handle as written, where: code points {@code [start, end)} of the text. */
    public record Found(Handle handle, int start, int end) {}

    /** Every mention in {@code text}, in order; a handle named twice is found twice, and counts once. */
    public static List<Found> parse(String text) {
        return MarkedWords.find(text, '@', MentionParser::handleChar, Handle::tryParse, MAX_PER_TEXT).stream()
                .map(f -> new Found(f.value(), f.start(), f.end()))
                .toList();
    }

    private static boolean handleChar(int cp) {
        return cp < 128 && (Character.isLetterOrDigit(cp) || cp == '_');
    }
}
