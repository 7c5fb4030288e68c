package dev.widefeed.mention;

import dev.widefeed.graph.Handle;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the {@code @handle}s in a text (docs/design.md, "Mentions and topics"): an {@code @} not right after a
 * letter, digit or {@code _} (so an e-mail address is no mention), then a whole handle, not followed by another
 * handle character. At most {@link #MAX_PER_TEXT} distinct handles, the first ones; later ones stay plain text.
 * Positions are in Unicode code points, the {@code @} included.
 */
public final class MentionParser {
    public static final int MAX_PER_TEXT = 10;

    private MentionParser() {
    }

    /** A handle as written, where: code points {@code [start, end)} of the text. */
    public record Found(Handle handle, int start, int end) {
    }

    /** Every mention in {@code text}, in order; a handle named twice is found twice, and counts once. */
    public static List<Found> parse(String text) {
        List<Found> found = new ArrayList<>();
        Set<Handle> distinct = new HashSet<>();
        int[] cps = text.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            if (cps[i] != '@' || (i > 0 && handleChar(cps[i - 1]))) {
                continue;
            }
            int end = i + 1;
            while (end < cps.length && handleChar(cps[end])) {
                end++;
            }
            Optional<Handle> handle = Handle.tryParse(new String(cps, i + 1, end - i - 1));
            if (handle.isPresent() && (distinct.contains(handle.get()) || distinct.size() < MAX_PER_TEXT)) {
                distinct.add(handle.get());
                found.add(new Found(handle.get(), i, end));
            }
            i = end - 1;
        }
        return found;
    }

    private static boolean handleChar(int cp) {
        return cp < 128 && (Character.isLetterOrDigit(cp) || cp == '_');
    }
}
