/// Where shares are kept (``CollectionShare``), in domain terms. The protocol adapters
/// read it to show shared collections in sharees' homes and to check what a sharee may do;
/// the application writes it when people share, answer, leave or revoke.
///
/// A share is keyed by its tree, owner, collection and sharee: saving one with the same key
/// replaces it.
public protocol CollectionShareStore: Sendable {
    /// Every share in `tree` whose owner or sharee is `user`.
    func shares(involving user: String, in tree: String) async throws(StoreError) -> SharesOfUser

    /// Adds the share or replaces the one with its key. Throws
    /// ``StoreError/Code/alreadyExists`` when the sharee's home already holds another share
    /// under its ``CollectionShare/mount``.
    func saveShare(_ share: CollectionShare) async throws(StoreError)

    /// Removes the share of `owner`'s `collection` with `sharee`, if there is one.
    func removeShare(in tree: String, owner: String, collection: String, sharee: String) async throws(StoreError)

    /// Removes every share of `owner`'s `collection` (before the collection is deleted, so
    /// that a later collection of that name is not shared by accident).
    func removeShares(in tree: String, owner: String, collection: String) async throws(StoreError)

    /// Removes every share in any tree that `user` owns or receives (the account is deleted).
    func removeShares(involving user: String) async throws(StoreError)
}
