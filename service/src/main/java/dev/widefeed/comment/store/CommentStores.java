package dev.widefeed.comment.store;

/** The stores the comment platform owns: comments (subjects, floors, content, counters), votes, the hot ranking. */
public record CommentStores(CommentStore comments, CommentVoteStore votes, HotCommentStore hot) {}
