package dev.widefeed.graph;

import dev.widefeed.kernel.DomainException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A user's unique handle (docs/design.md, "Handles"): 3..20 of {@code [a-z0-9_]}, compared without case, so it is
 * kept folded to lower case. {@link #candidates} derives the handles a user who chose none is offered, in order.
 */
public record Handle(String value) {
    public static final int MIN_LENGTH = 3;
    public static final int MAX_LENGTH = 20;
    private static final Pattern FOLDED = Pattern.compile("[a-z0-9_]{" + MIN_LENGTH + "," + MAX_LENGTH + "}");
    private static final Pattern NOT_HANDLE = Pattern.compile("[^a-z0-9_]+");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");

    public Handle {
        if (value == null || !FOLDED.matcher(value).matches()) {
            throw new IllegalArgumentException("not a folded handle: " + value);
        }
    }

    /** The handle a user typed, folded; 422 with the rule when it breaks it. */
    public static Handle parse(String typed) {
        return tryParse(typed)
                .orElseThrow(() -> DomainException.invalid(
                        "a handle is " + MIN_LENGTH + ".." + MAX_LENGTH + " of a-z, 0-9 and _ (case does not matter)"));
    }

    /** The handle a user typed, folded, if it is one. */
    public static Optional<Handle> tryParse(String typed) {
        if (typed == null || typed.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        String folded = typed.toLowerCase(Locale.ROOT);
        return FOLDED.matcher(folded).matches() ? Optional.of(new Handle(folded)) : Optional.empty();
    }

    /**
     * The handles offered to user {@code userId} named {@code name}, best first: the name itself as a handle
     * (accents dropped, other characters as _), then that with a short suffix of the id, then one made of the
     * id alone, which no other user's derivation can produce (ids are unique), so the last is taken only if
     * someone chose it. Always the same for the same user, so a derivation interrupted half way finds its
     * own claim again.
     */
    public static List<Handle> candidates(long userId, String name) {
        String id = Long.toString(userId, 36);
        String decomposed = Normalizer.normalize(name == null ? "" : name, Normalizer.Form.NFD);
        String plain = MARKS.matcher(decomposed).replaceAll("");
        String base = NOT_HANDLE
                .matcher(plain.toLowerCase(Locale.ROOT))
                .replaceAll("_")
                .replaceAll("^_+|_+$", "");
        List<Handle> candidates = new ArrayList<>(3);
        if (base.length() >= MIN_LENGTH) {
            candidates.add(new Handle(base.substring(0, Math.min(base.length(), MAX_LENGTH))));
        }
        String suffix = id.substring(Math.max(0, id.length() - 5));
        int room = MAX_LENGTH - 1 - suffix.length();
        String stem = base.isEmpty() ? "user" : base.substring(0, Math.min(base.length(), room));
        candidates.add(new Handle(stem + "_" + suffix));
        candidates.add(new Handle("u_" + id));
        return candidates;
    }
}
