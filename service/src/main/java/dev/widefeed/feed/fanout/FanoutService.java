package dev.widefeed.feed.fanout;

import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostAccess;

/** Explains a post's fan-out to its author: the plan, and how far it got. */
public final class FanoutService {
    private final PostAccess access;
    private final FanoutWorker worker;

    public FanoutService(PostAccess access, FanoutWorker worker) {
        this.access = access;
        this.worker = worker;
    }

    /** 404 to whoever may not see the post (as if unknown), 403 to others who are not its author. */
    public FanoutProgress status(long viewer, long postId) {
        Post post = access.require(viewer, postId);
        Ownership.require(viewer, post.authorId(), "only its author sees a post's fan-out");
        return worker.progressOf(post, FanoutKind.DELIVER);
    }
}
