package dev.widefeed.mastodon.oauth;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The OAuth scopes a Mastodon client asks for and a token carries: the top-level {@code read}, {@code write},
 * {@code follow} and {@code push}, and Mastodon's granular ones ({@code read:statuses}, ...). A top-level scope
 * covers its granular ones; {@code follow}, deprecated by Mastodon but still asked for by clients, covers the
 * granular scopes of follows, blocks and mutes (docs/mastodon.md, "Scopes").
 */
public record Scopes(Set<String> granted) {
    public static final Scopes DEFAULT = new Scopes(Set.of("read"));

    private static final Set<String> TOP = Set.of("read", "write", "follow", "push", "profile");
    private static final Set<String> READ = Set.of(
            "accounts",
            "blocks",
            "bookmarks",
            "favourites",
            "filters",
            "follows",
            "lists",
            "mutes",
            "notifications",
            "search",
            "statuses");
    private static final Set<String> WRITE = Set.of(
            "accounts",
            "blocks",
            "bookmarks",
            "conversations",
            "favourites",
            "filters",
            "follows",
            "lists",
            "media",
            "mutes",
            "notifications",
            "reports",
            "statuses");
    private static final Set<String> FOLLOW =
            Set.of("read:blocks", "write:blocks", "read:follows", "write:follows", "read:mutes", "write:mutes");

    public Scopes {
        granted = Set.copyOf(granted);
    }

    /**
     * The scopes of a space-separated list (Mastodon also takes {@code +} and {@code ,} as separators from form
     * posts), or empty when one of them is not a scope; an empty list is {@code read}, as Mastodon's default.
     */
    public static Optional<Scopes> parse(String text) {
        if (text == null || text.isBlank()) {
            return Optional.of(DEFAULT);
        }
        Set<String> scopes = new LinkedHashSet<>();
        for (String scope : text.trim().split("[\\s+,]+")) {
            if (!known(scope)) {
                return Optional.empty();
            }
            scopes.add(scope);
        }
        return Optional.of(new Scopes(scopes));
    }

    private static boolean known(String scope) {
        if (TOP.contains(scope)) {
            return true;
        }
        int colon = scope.indexOf(':');
        if (colon < 0) {
            return false;
        }
        String top = scope.substring(0, colon);
        String part = scope.substring(colon + 1);
        return (top.equals("read") && READ.contains(part)) || (top.equals("write") && WRITE.contains(part));
    }

    /** Whether these scopes allow what {@code required} names (a top-level or a granular scope). */
    public boolean allow(String required) {
        if (granted.contains(required)) {
            return true;
        }
        int colon = required.indexOf(':');
        if (colon > 0 && granted.contains(required.substring(0, colon))) {
            return true;
        }
        return granted.contains("follow") && FOLLOW.contains(required);
    }

    /** Whether every scope of {@code asked} is one of these: a token may be granted no more than its app asked. */
    public boolean includeAll(Scopes asked) {
        return asked.granted.stream().allMatch(scope -> granted.contains(scope) || allow(scope));
    }

    /** The scopes as OAuth writes them, in a stable order. */
    @Override
    public String toString() {
        List<String> sorted = Arrays.asList(granted.toArray(String[]::new));
        return sorted.stream().sorted().collect(Collectors.joining(" "));
    }
}
