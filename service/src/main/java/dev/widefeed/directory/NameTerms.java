package dev.widefeed.directory;

import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words a user is found by, and the partitions they are listed under (docs/design.md, "Finding people"): the
 * handle and the words of the name, folded (accents off, lower case, letters, digits and _ only). A word of length n
 * is listed under its prefixes of the lengths in {@link #LEVELS} up to n, and a query word under the longest of those
 * it has, so no listing holds more than the words that share that prefix, and each holds at most
 * {@link NameDirectory#LISTING_CAP}.
 */
public final class NameTerms {
    /** The prefix lengths words are listed under: short queries read a short prefix's listing, long ones a long's. */
    static final int[] LEVELS = {1, 2, 3, 4, 6, 8, 12, 16};
    /** Words of a name indexed at most, after the handle: a name is at most 30 characters. */
    static final int NAME_WORDS = 4;
    /** Words of a query matched at most. */
    static final int QUERY_WORDS = 4;

    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}_]+");

    private NameTerms() {}

    /** One listing entry's place: the listing (a prefix of the word) and the word. */
    public record Listed(String prefix, String word) {}

    /** The words the user is found by: the handle first, then the name's, each once. */
    public static Set<String> wordsOf(User user) {
        Set<String> words = new LinkedHashSet<>();
        user.handle().map(Handle::value).ifPresent(words::add);
        List<String> name = words(user.name());
        words.addAll(name.subList(0, Math.min(NAME_WORDS, name.size())));
        return words;
    }

    /** Where the user's words are listed: each word under each of its prefix lengths. */
    public static Set<Listed> listingsOf(User user) {
        Set<Listed> listed = new LinkedHashSet<>();
        for (String word : wordsOf(user)) {
            for (int level : LEVELS) {
                if (level > word.length()) {
                    break;
                }
                listed.add(new Listed(word.substring(0, level), word));
            }
        }
        return listed;
    }

    /**
     * The words of a query: what a person types to find someone ({@code @ada}, {@code ada@example.org}, {@code Ada
     * Love}), folded as names are; empty when it names no letter or digit. A leading {@code @} and a domain after the
     * handle are dropped.
     */
    public static List<String> query(String typed) {
        String q = typed.strip();
        while (q.startsWith("@")) {
            q = q.substring(1);
        }
        int at = q.indexOf('@');
        if (at >= 0) {
            q = q.substring(0, at);
        }
        List<String> words = words(q);
        return words.subList(0, Math.min(QUERY_WORDS, words.size()));
    }

    /** The listing a query word is looked up in: its prefix of the longest level it reaches. */
    public static String listingFor(String word) {
        int chosen = LEVELS[0];
        for (int level : LEVELS) {
            if (level <= word.length()) {
                chosen = level;
            }
        }
        return word.substring(0, Math.min(chosen, word.length()));
    }

    /** Whether every query word begins one of the user's words: how a candidate from a listing is confirmed. */
    public static boolean matches(User user, List<String> query) {
        Set<String> words = wordsOf(user);
        return query.stream().allMatch(q -> words.stream().anyMatch(w -> w.startsWith(q)));
    }

    /** The folded words of a text: accents off, lower case, runs of letters, digits and _. */
    static List<String> words(String text) {
        String folded = MARKS.matcher(Normalizer.normalize(text, Normalizer.Form.NFKD))
                .replaceAll("")
                .toLowerCase(Locale.ROOT);
        List<String> words = new ArrayList<>();
        for (String word : NOT_WORD.split(folded)) {
            if (!word.isEmpty() && !words.contains(word)) {
                words.add(word);
            }
        }
        return words;
    }
}
