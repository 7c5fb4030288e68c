package dev.widefeed.erasure;

import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.AudienceStore;
import dev.widefeed.audience.Group;
import dev.widefeed.audience.Mark;
import dev.widefeed.comment.CommentVoting;
import dev.widefeed.comment.CommentWriter;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.directory.NameDirectory;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.FollowService;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeService;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * An account's data taken out of the service, a bounded step at a time, by the rules every other change follows
 * (docs/design.md, "Account deletion"): each post deleted as its author would delete it (retracted from timelines,
 * purged later), each like withdrawn and each follow undone both ways with every other user's counts moved as an
 * unlike or an unfollow moves them, each comment vote withdrawn, each comment deleted, each mark taken off, each
 * group of theirs deleted, then the rows keyed by the user alone ({@link UserRowsStore}), then the profile, then
 * their listings in the directory. A step reads what is
 * left and takes it away, so any step is safe to repeat and an erasure interrupted anywhere resumes from the start of
 * its phase with less to do.
 */
public final class AccountErasure {
    static final int PAGE = 100;

    private final UserStore users;
    private final PostStore postIds;
    private final PostService posts;
    private final LikeStore likeLists;
    private final LikeService likes;
    private final RelationStore relations;
    private final FollowService follows;
    private final CommentStore commentIds;
    private final CommentVoteStore votes;
    private final CommentWriter comments;
    private final CommentVoting voting;
    private final AudienceService audiences;
    private final AudienceStore audienceLists;
    private final UserRowsStore userRows;
    private final NameDirectory directory;

    /**
     * The stores an erasure reads what is left of a user from, a page at a time, and takes rows out of itself: what
     * the user posted, liked, followed, commented and voted on, their audience lists, the rows keyed by them alone.
     */
    public record Stores(
            UserStore users,
            PostStore posts,
            LikeStore likes,
            RelationStore relations,
            CommentStore comments,
            CommentVoteStore votes,
            AudienceStore audiences,
            UserRowsStore userRows) {}

    public AccountErasure(
            Stores stores,
            PostService posts,
            LikeService likes,
            FollowService follows,
            CommentWriter comments,
            CommentVoting voting,
            AudienceService audiences,
            NameDirectory directory) {
        this.users = stores.users();
        this.postIds = stores.posts();
        this.likeLists = stores.likes();
        this.relations = stores.relations();
        this.commentIds = stores.comments();
        this.votes = stores.votes();
        this.audienceLists = stores.audiences();
        this.userRows = stores.userRows();
        this.posts = posts;
        this.likes = likes;
        this.follows = follows;
        this.comments = comments;
        this.voting = voting;
        this.audiences = audiences;
        this.directory = directory;
    }

    /** The phases, in the order they run: the profile goes last, since the others find the user through it. */
    public enum Phase {
        POSTS,
        LIKES,
        VOTES,
        FOLLOWING,
        FOLLOWERS,
        COMMENTS,
        MARKS,
        GROUPS,
        ROWS,
        PROFILE,
        LISTINGS,
        DONE
    }

    /** Erases everything at once (a test's, or an operator's, erasure of a quiet account). */
    public void all(long userId) {
        Phase at = Phase.POSTS;
        while (at != Phase.DONE) {
            at = step(userId, at);
        }
    }

    /** One bounded step of {@code at}; the phase to run next (the same one while it finds more). */
    public Phase step(long userId, Phase at) {
        boolean more = switch (at) {
            case POSTS -> deletePosts(userId);
            case LIKES -> withdrawLikes(userId);
            case VOTES -> withdrawVotes(userId);
            case FOLLOWING -> unfollow(userId, relations.following(userId, Optional.empty(), PAGE), true);
            case FOLLOWERS -> unfollow(userId, relations.followers(userId, Optional.empty(), PAGE), false);
            case COMMENTS -> deleteComments(userId);
            case MARKS -> takeOffMarks(userId);
            case GROUPS -> deleteGroups(userId);
            case ROWS -> {
                userRows.forget(userId);
                yield false;
            }
            case PROFILE -> {
                users.find(userId).ifPresent(users::delete);
                yield false;
            }
            case LISTINGS -> {
                directory.relist(userId); // without a profile: nowhere
                yield false;
            }
            case DONE -> false;
        };
        return more ? at : Phase.values()[Math.min(at.ordinal() + 1, Phase.DONE.ordinal())];
    }

    private boolean deletePosts(long userId) {
        List<Long> ids = postIds.postIdsByAuthor(userId, Optional.empty(), PAGE);
        for (long id : ids) {
            try {
                posts.delete(userId, id);
            } catch (DomainException gone) {
                // deleted since it was listed (by a run before this one): nothing left to do for it
            }
        }
        return !ids.isEmpty();
    }

    /**
     * Withdraws a page of likes; whether to go on. A page in which nothing stood (copies the truth does not back,
     * which reconcile's repair removes) ends the phase rather than reading the same page forever.
     */
    private boolean withdrawLikes(long userId) {
        boolean progress = false;
        for (Like like : likeLists.likedPosts(userId, Optional.empty(), PAGE)) {
            progress |= likes.withdraw(userId, like.postId());
        }
        return progress;
    }

    /** Withdraws a page of the comment votes the user has listed; each withdrawal takes its entry out. */
    private boolean withdrawVotes(long userId) {
        List<Long> voted = votes.votedComments(userId, Optional.empty(), PAGE);
        voted.forEach(commentId -> voting.withdrawVote(userId, commentId));
        return !voted.isEmpty();
    }

    /** Deletes a page of the groups the user owns: each one's members, then it. */
    private boolean deleteGroups(long userId) {
        List<Long> ids = audienceLists.groupIdsByOwner(userId, Optional.empty(), PAGE);
        for (long id : ids) {
            List<Long> members;
            do {
                members = audienceLists.members(id, Optional.empty(), PAGE);
                members.forEach(member -> audienceLists.removeMember(id, member));
            } while (!members.isEmpty());
            // A group whose row went before its entry (an erasure interrupted between them) is deleted by its id.
            audienceLists.deleteGroup(audienceLists.group(id).orElse(new Group(id, "-", userId, Instant.EPOCH)));
        }
        return !ids.isEmpty();
    }

    /**
     * Undoes a page of follows, mine of them or theirs of me, and deletes each edge's row once it is undone; whether to
     * go on (as for likes, a page in which nothing stood ends the phase).
     */
    private boolean unfollow(long userId, List<Follow> page, boolean mine) {
        boolean progress = false;
        for (Follow follow : page) {
            long follower = mine ? userId : follow.userId();
            long followee = mine ? follow.userId() : userId;
            progress |= follows.unfollow(follower, followee);
            FollowEdge edge = relations.edge(follower, followee);
            if (edge.exists() && !edge.following()) {
                relations.delete(edge);
            }
        }
        return progress;
    }

    private boolean deleteComments(long userId) {
        List<Long> ids = commentIds.commentIdsByAuthor(userId, Optional.empty(), PAGE);
        for (long id : ids) {
            try {
                comments.delete(userId, id);
            } catch (DomainException gone) {
                // gone with its post's purge: only the entry is left
            }
            commentIds.unlistByAuthor(userId, id); // a comment deleted before keeps no entry either
        }
        return !ids.isEmpty();
    }

    private boolean takeOffMarks(long userId) {
        boolean found = false;
        for (Mark mark : List.of(Mark.BLOCKED, Mark.HIDDEN)) {
            for (long member : audiences
                    .marked(userId, userId, mark, Optional.empty(), PAGE)
                    .items()) {
                found = true;
                if (mark.equals(Mark.BLOCKED)) {
                    audiences.unblock(userId, userId, member);
                } else {
                    audiences.unhide(userId, userId, member);
                }
            }
        }
        for (AudienceService.Tag tag : audiences.tags(userId, userId)) {
            for (long member : tag.members()) {
                found = true;
                audiences.untag(userId, userId, tag.name(), member);
            }
        }
        return found;
    }
}
