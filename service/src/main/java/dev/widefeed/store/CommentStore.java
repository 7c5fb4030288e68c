package dev.widefeed.store;

/** The comment platform of seed 001: subjects, the floor-numbered index, contents and per-comment votes. */
public interface CommentStore {
}
