package dev.widefeed.api;

import dev.widefeed.audience.AudienceService;
import java.util.List;

/** A user's private tags, each with its members' ids. */
public record TagsView(List<TagView> items) {
    public record TagView(String tag, List<String> members) {}

    public static TagsView of(List<AudienceService.Tag> tags) {
        return new TagsView(tags.stream()
                .map(t -> new TagView(
                        t.name(), t.members().stream().map(String::valueOf).toList()))
                .toList());
    }
}
