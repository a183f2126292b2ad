// A core module reaching up into a feature: nothing declares it, and the layers forbid it.
import Dispatch
import Feed
