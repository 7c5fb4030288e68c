package dev.widefeed.eventlog;

import java.time.Duration;
import java.time.Instant;

/** When each of the log's shards is due its next pass here: a {@link ShardPace} per shard. */
final class ShardPaces {
    private final ShardPace[] paces;

    ShardPaces(int shards, Duration busy, Duration idle) {
        this.paces = new ShardPace[shards];
        for (int shard = 0; shard < shards; shard++) {
            paces[shard] = new ShardPace(busy, idle);
        }
    }

    int shards() {
        return paces.length;
    }

    ShardPace of(int shard) {
        return paces[shard];
    }

    boolean due(int shard, Instant now) {
        return paces[shard].due(now);
    }
}
