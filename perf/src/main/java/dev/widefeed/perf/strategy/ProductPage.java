package dev.widefeed.perf.strategy;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import java.util.List;
import java.util.Set;

/**
 * The home page the product shows for a strategy's chosen post ids: the posts the reader may see, without the
 * authors they hid, as the service's own home read drops them. The reference strategies differ from the service
 * only in how they choose the ids.
 */
public record ProductPage(PostService posts, AudienceFacts audiences) {
    public List<PostDetails> of(long user, List<Long> ids) {
        List<PostDetails> page = posts.getAll(user, ids);
        Set<Long> hidden = audiences.hiddenBy(user);
        return hidden.isEmpty()
                ? page
                : page.stream()
                        .filter(p -> !hidden.contains(p.post().authorId()))
                        .toList();
    }
}
