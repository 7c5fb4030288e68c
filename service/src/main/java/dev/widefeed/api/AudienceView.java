package dev.widefeed.api;

import dev.widefeed.audience.Audience;
import java.util.List;

/** An audience in JSON; ids as strings like every id. Missing lists are empty. */
public record AudienceView(String type, List<String> users, List<String> tags, List<String> groups) {
    public static AudienceView of(Audience audience) {
        return new AudienceView(
                audience.type().json(),
                audience.users().stream().map(String::valueOf).toList(),
                audience.tags(),
                audience.groups().stream().map(String::valueOf).toList());
    }
}
