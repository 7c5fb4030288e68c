package dev.widefeed.topic;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the {@code #topic}s of a post (docs/design.md, "Mentions and topics"): a {@code #} not right after a
 * letter, digit or {@code _}, then 1..{@link #MAX_LENGTH} Unicode letters (with their combining marks), digits and
 * {@code _} with at least one letter ({@code #1} is a number, not a topic). A topic is kept folded (NFKC, then lower case), so {@code #Java}
 * and {@code #java} are one. At most {@link #MAX_PER_POST} distinct topics, the first ones.
 */
public final class TopicParser {
    public static final int MAX_PER_POST = 10;
    public static final int MAX_LENGTH = 50;

    private TopicParser() {
    }

    /** A topic as written, where (code points {@code [start, end)}, the {@code #} included), and folded. */
    public record Found(String topic, int start, int end) {
    }

    public static List<Found> parse(String text) {
        List<Found> found = new ArrayList<>();
        Set<String> distinct = new LinkedHashSet<>();
        int[] cps = text.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            if (cps[i] != '#' || (i > 0 && topicChar(cps[i - 1]))) {
                continue;
            }
            int end = i + 1;
            while (end < cps.length && topicChar(cps[end])) {
                end++;
            }
            Optional<String> topic = fold(new String(cps, i + 1, end - i - 1));
            if (topic.isPresent() && (distinct.contains(topic.get()) || distinct.size() < MAX_PER_POST)) {
                distinct.add(topic.get());
                found.add(new Found(topic.get(), i, end));
            }
            i = end - 1;
        }
        return found;
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
        if (folded.isEmpty() || folded.codePointCount(0, folded.length()) > MAX_LENGTH
                || !folded.codePoints().allMatch(TopicParser::topicChar)
                || folded.codePoints().noneMatch(Character::isLetter)) {
            return Optional.empty();
        }
        return Optional.of(folded);
    }

    private static boolean topicChar(int cp) {
        int type = Character.getType(cp);
        return Character.isLetterOrDigit(cp) || cp == '_' || type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK || type == Character.ENCLOSING_MARK;
    }
}
