package dev.widefeed.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.audience.Audience;
import dev.widefeed.kernel.PermanentStoreException;
import java.util.List;

/**
 * How both backends store a post's audience: one small JSON document, so audience rules can grow
 * without a schema change, and a data engineer can read it as it is.
 */
public final class AudienceJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Stored(String type, List<Long> users, List<String> tags, List<Long> groups) {}

    private AudienceJson() {}

    public static String write(Audience audience) {
        try {
            return JSON.writeValueAsString(
                    new Stored(audience.type().json(), audience.users(), audience.tags(), audience.groups()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Audience read(String json) {
        if (json == null || json.isEmpty()) {
            return Audience.PUBLIC;
        }
        try {
            Stored stored = JSON.readValue(json, Stored.class);
            return new Audience(
                    Audience.Type.ofJson(stored.type()),
                    orEmpty(stored.users()),
                    orEmpty(stored.tags()),
                    orEmpty(stored.groups()));
        } catch (JsonProcessingException e) {
            throw new PermanentStoreException("unreadable audience " + json, e);
        }
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
