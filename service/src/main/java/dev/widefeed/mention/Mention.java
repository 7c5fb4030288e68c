package dev.widefeed.mention;

import dev.widefeed.graph.Handle;
import java.util.List;
import java.util.Map;

/**
 * A user a text names, where: code points {@code [start, end)} of the text, the {@code @} included. Only the
 * places are derived from the text again when read; who a handle named is what was stored when it was written.
 */
public record Mention(long userId, Handle handle, int start, int end) {

    /** The mentions of {@code text} whose handle {@code held} resolves, in order. */
    public static List<Mention> resolved(String text, Map<Handle, Long> held) {
        if (held.isEmpty()) {
            return List.of();
        }
        return MentionParser.parse(text).stream()
                .filter(f -> held.containsKey(f.handle()))
                .map(f -> new Mention(held.get(f.handle()), f.handle(), f.start(), f.end()))
                .toList();
    }
}
