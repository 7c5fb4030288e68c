package dev.widefeed.mention;

import dev.widefeed.graph.Handle;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.Futures;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Who holds each handle a text names, among those someone holds: what a post or comment keeps when it is written, so
 * a mention names the user who held the handle then (docs/design.md, "Mentions and topics"). At most
 * {@link MentionParser#MAX_PER_TEXT} handles, read at once.
 */
public final class MentionResolver {
    private final UserStore users;
    private final Executor reads;

    public MentionResolver(UserStore users, Executor reads) {
        this.users = users;
        this.reads = reads;
    }

    public Map<Handle, Long> held(String text) {
        List<Handle> named = MentionParser.parse(text).stream()
                .map(MentionParser.Found::handle)
                .distinct()
                .toList();
        if (named.isEmpty()) {
            return Map.of();
        }
        Map<Handle, CompletableFuture<Optional<Long>>> owners = new LinkedHashMap<>();
        named.forEach(h -> owners.put(h, CompletableFuture.supplyAsync(() -> users.handleOwner(h), reads)));
        Map<Handle, Long> held = new HashMap<>();
        owners.forEach((handle, owner) -> Futures.join(owner).ifPresent(id -> held.put(handle, id)));
        return held;
    }
}
