package dev.widefeed.core;

import dev.widefeed.store.PostStore;

/** Explains a post's fan-out to its author: the plan, and how far it got. */
public final class FanoutService {
    private final PostStore posts;
    private final FanoutWorker worker;

    public FanoutService(PostStore posts, FanoutWorker worker) {
        this.posts = posts;
        this.worker = worker;
    }

    public FanoutProgress status(long viewer, long postId) {
        Post post = posts.find(postId).orElseThrow(() -> DomainException.notFound("no post " + postId));
        if (post.authorId() != viewer) {
            throw DomainException.forbidden("only its author sees a post's fan-out");
        }
        return worker.progressOf(post, FanoutKind.DELIVER);
    }
}
