import Feed
import Search

print(feedName, searchName)
