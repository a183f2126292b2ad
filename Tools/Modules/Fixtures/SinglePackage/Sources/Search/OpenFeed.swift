// A feature reaching into another feature: undeclared, and features are peers that must not depend on each other.
import Feed
