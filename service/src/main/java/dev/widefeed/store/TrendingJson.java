package dev.widefeed.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.textindex.TopicCount;
import java.util.List;

/** How both backends store a window's trending topics: a JSON list of {@code {"topic","posts"}}, most first. */
public final class TrendingJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TrendingJson() {}

    public static String write(List<TopicCount> topics) {
        try {
            return JSON.writeValueAsString(topics);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static List<TopicCount> read(String json) {
        try {
            return JSON.readValue(json, new TypeReference<List<TopicCount>>() {});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not trending topics: " + json, e);
        }
    }
}
