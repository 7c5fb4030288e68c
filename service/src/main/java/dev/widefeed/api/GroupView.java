package dev.widefeed.api;

import dev.widefeed.audience.Group;
import java.time.Instant;

public record GroupView(String id, String name, String ownerId, Instant createdAt) {
    public static GroupView of(Group group) {
        return new GroupView(
                Long.toString(group.id()), group.name(), Long.toString(group.ownerId()), group.createdAt());
    }
}
