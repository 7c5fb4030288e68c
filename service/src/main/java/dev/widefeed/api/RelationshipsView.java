package dev.widefeed.api;

import dev.widefeed.audience.Relationships;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Where I stand with each user asked about, in the order asked; unknown users left out. */
public record RelationshipsView(List<Item> items) {
    @Schema(name = "Relationship")
    public record Item(String id, boolean following, boolean followedBy, boolean blocked, boolean hidden) {
        public static Item of(Relationships.Standing s) {
            return new Item(Long.toString(s.userId()), s.following(), s.followedBy(), s.blocked(), s.hidden());
        }
    }
}
