package dev.widefeed.topic;

import dev.widefeed.kernel.MarkedWords;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the {@code #topic}s of a post (docs/design.md, "Mentions and topics"): a {@code #} not right after a
 * letter, digit or {@code _}, then 1..{@link #MAX_LENGTH} Unicode letters (with their combining marks), digits and
 * {@code _} with at least one letter ({@code #1} is a number, not a topic). A topic is kept folded (NFKC, then lower case), so {@code #Java}
 * and {@code #java} are one. At most {@link #MAX_PER_POST} distinct topics, the first ones.
 */
public final class TopicParser {
    public static final int MAX_PER_POST = 10;
    public static final int MAX_LENGTH = 50;

    private TopicParser() {}

    /** A topic as written, where (code points {@code [start, end)}, the {@code #} included), and folded. */
    public record Found(String topic, int start, int end) {}

    public static List<Found> parse(String text) {
        return MarkedWords.find(text, '#', TopicParser::topicChar, TopicParser::fold, MAX_PER_POST).stream()
                .map(f -> new Found(f.value(), f.start(), f.end()))
                .toList();
    }

    /** The distinct topics of {@code text}, folded, in order of first appearance. */
    public static List<String> topics(String text) {
        return parse(text).stream().map(Found::topic).distinct().toList();
    }

    /**
     * {@code raw} (without the {@code #}) folded as a topic, if it is one: what a path naming a topic is checked
     * with, so {@code /v1/topics/Java} and {@code #java} meet.
     */
    public static Optional<String> fold(String raw) {
        String folded = Normalizer.normalize(raw, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        if (folded.isEmpty()
                || folded.codePointCount(0, folded.length()) > MAX_LENGTH
                || !folded.codePoints().allMatch(TopicParser::topicChar)
                || folded.codePoints().noneMatch(Character::isLetter)) {
            return Optional.empty();
        }
        return Optional.of(folded);
    }

    private static boolean topicChar(int cp) {
        int type = Character.getType(cp);
        return Character.isLetterOrDigit(cp)
                || cp == '_'
                || type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }
}
