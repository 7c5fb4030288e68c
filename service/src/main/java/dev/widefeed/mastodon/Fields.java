package dev.widefeed.mastodon;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parameters of a Mastodon request, however the client sent them: as a form, as JSON, or in the query string
 * (Mastodon takes all three, and its clients use each). An array parameter may come as {@code name[]} or as a JSON
 * array; both read as a list.
 */
public final class Fields {
    private static final int MAX_VALUES = 100;

    private final Map<String, List<String>> values;

    private Fields(Map<String, List<String>> values) {
        this.values = values;
    }

    public static Fields of(MultivaluedMap<String, String> form, MultivaluedMap<String, String> query) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        add(values, query);
        add(values, form);
        return new Fields(values);
    }

    /** The query string's parameters alone (a GET's). */
    public static Fields query(UriInfo uri) {
        return of(null, uri.getQueryParameters());
    }

    public static Fields ofJson(Map<String, Object> json, MultivaluedMap<String, String> query) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        add(values, query);
        if (json != null) {
            json.forEach((name, value) -> {
                List<String> list = values.computeIfAbsent(name, n -> new ArrayList<>());
                if (value instanceof List<?> items) {
                    items.stream().limit(MAX_VALUES).forEach(item -> list.add(String.valueOf(item)));
                } else if (value != null) {
                    list.add(String.valueOf(value));
                }
            });
        }
        return new Fields(values);
    }

    private static void add(Map<String, List<String>> values, MultivaluedMap<String, String> params) {
        if (params == null) {
            return;
        }
        params.forEach((name, list) -> {
            String key = name.endsWith("[]") ? name.substring(0, name.length() - 2) : name;
            List<String> into = values.computeIfAbsent(key, n -> new ArrayList<>());
            list.stream().limit(MAX_VALUES).forEach(into::add);
        });
    }

    /** The parameter's value, if given and not blank. */
    public Optional<String> get(String name) {
        List<String> list = values.get(name);
        return list == null || list.isEmpty() || list.get(0).isBlank() ? Optional.empty() : Optional.of(list.get(0));
    }

    /** Every value of an array parameter. */
    public List<String> all(String name) {
        return List.copyOf(values.getOrDefault(name, List.of()));
    }

    /**
     * A number, {@code absent} when not given, clamped into {@code min..max} as Mastodon clamps limits and offsets; 400
     * when it is not a number.
     */
    public int clamped(String name, int absent, int min, int max) {
        return get(name)
                .map(text -> {
                    try {
                        return Long.parseLong(text.strip());
                    } catch (NumberFormatException e) {
                        throw new MastodonException(400, name + " must be a number");
                    }
                })
                .map(n -> (int) Math.max(min, Math.min(max, n)))
                .orElse(absent);
    }

    public boolean flag(String name) {
        // Clients send 1 and 0, true and false, and (toot, through Python's str) True and False.
        return get(name)
                .map(v -> v.equalsIgnoreCase("true") || v.equals("1") || v.equalsIgnoreCase("on"))
                .orElse(false);
    }
}
